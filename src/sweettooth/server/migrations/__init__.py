"""Alembic migrations of the server database, applied by `sweettooth serve` on start."""
