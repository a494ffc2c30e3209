"""Bots at server tables: the same view a human at that seat gets, decided off the event loop.

`bot_agent(game_id, level)` is the one place that turns a seat's difficulty into an Agent.
Decisions run in an executor (threads by default, processes with `bot_executor="process"`), so a
thinking bot never stalls the WebSocket traffic of other tables.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from multiprocessing import get_context
from typing import Any

from sweettooth.agents import Agent, difficulty
from sweettooth.core import JSON, game

LEVELS = ("easy", "medium", "hard")
"""The difficulties a bot seat can have."""

AgentFactory = Callable[[str, str, int], Agent]
"""(game id, level, seat) -> Agent; the test hook that replaces `bot_agent`."""


_local = threading.local()


def bot_agent(game_id: str, level: str) -> Agent:
    """The agent playing `level` at `game_id`: one per worker thread (or process) and game,
    so no two decisions ever share an agent's scratch space."""
    cache: dict[tuple[str, str], Agent] = _local.__dict__.setdefault("agents", {})
    agent = cache.get((game_id, level))
    if agent is None:
        agent = cache[(game_id, level)] = difficulty(game_id, level)
    return agent


def bot_rng(bot_seed: int, seat: int, ply: int) -> random.Random:
    """The bot's dice for one decision: from the table's bot seed, the seat and the ply only,
    so a restarted server makes the same decision (and never from the game's own seed)."""
    return random.Random(f"{bot_seed}/{seat}/{ply}")


def decide(
    game_id: str, level: str, view: JSON, legal: Sequence[Any], bot_seed: int, seat: int,
    ply: int,
) -> str:
    """The notation of the action the bot picks (a picklable entry point for process pools)."""
    agent = bot_agent(game_id, level)
    return str(agent.choose(game(game_id), view, legal, bot_rng(bot_seed, seat, ply)))


def decide_with(
    agent: Agent, game_id: str, view: JSON, legal: Sequence[Any], bot_seed: int, seat: int,
    ply: int,
) -> str:
    return str(agent.choose(game(game_id), view, legal, bot_rng(bot_seed, seat, ply)))


def make_executor(kind: str, workers: int) -> Executor:
    if kind == "process":
        return ProcessPoolExecutor(max_workers=workers, mp_context=get_context("spawn"))
    return ThreadPoolExecutor(max_workers=workers, thread_name_prefix="sweettooth-bot")
