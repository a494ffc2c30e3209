"""Layer 5 face: the `sweettooth` command line (Typer + Rich). Entry point: `main.app`.

Commands: `games`, `play` (the full-screen app on a terminal, `--plain` lines otherwise),
`simulate`, `replay`, `bench`, `arena`, `serve`; one module each beside `main.py`, which only
parses arguments and wires them up. The plain mode's parts: `play` (the session), `menu` (short
move menus), `drawing` (each game's text drawing, log and end), `names` (how players are named).
"""
