"""`python -m sweettooth.cli ARGS` runs the `sweettooth` command."""

from .main import app

app(prog_name="sweettooth")
