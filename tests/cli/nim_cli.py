"""`python -m tests.cli.nim_cli ARGS`: the sweettooth command with the toy Nim registered.

Nim is registered only when run as a program, never on import (pytest imports every module
for doctests, and the toy game must not join the real registry).
"""

if __name__ == "__main__":
    from sweettooth.cli.main import app
    from sweettooth.core import register

    from .nim import Nim

    register(Nim())
    app(prog_name="sweettooth")
