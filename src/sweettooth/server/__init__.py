"""The game server (a face): online tables with seats, bots and spectators, kept in a database.

`create_app(settings)` is the FastAPI application; `sweettooth serve` runs it with uvicorn.
See docs/server.md for the HTTP API, the WebSocket messages and deployment.
"""

from __future__ import annotations

from .app import create_app
from .settings import Settings, default_db_url

__all__ = ["Settings", "create_app", "default_db_url"]
