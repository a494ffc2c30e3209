"""Layer 5 face: the `sweettooth` command line (Typer + Rich). Entry point: `main.app`.

Commands: `games`, `play`, `simulate`, `replay`, `bench`; one module each beside `main.py`,
which only parses arguments and wires them up.
"""
