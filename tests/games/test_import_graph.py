"""The modules of each game package import one another without a circle.

What counts as an import: every `import`/`from ... import` of a sibling module that runs, at
module level or inside a function (both load the module and so both can close a circle at run
time). Imports under `if TYPE_CHECKING:` are left out: they never run, and a lower module may
name a higher one's class in annotations only (effects.py and view.py name the state class that
imports them). The graph is read from the source with `ast`, not by importing.
"""

from __future__ import annotations

import ast
from pathlib import Path

import sweettooth

GAMES = Path(sweettooth.__file__).parent / "games"
PACKAGES = sorted(p for p in GAMES.iterdir() if (p / "__init__.py").is_file())


def _type_checking_block(node: ast.AST) -> bool:
    if not isinstance(node, ast.If):
        return False
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    found: list[ast.Import | ast.ImportFrom] = []
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        for child in ast.iter_child_nodes(node):
            if _type_checking_block(child):
                assert isinstance(child, ast.If)
                stack.extend(child.orelse)  # the `else:` of a TYPE_CHECKING test does run
            else:
                stack.append(child)
    return found


def import_graph(package: Path) -> dict[str, set[str]]:
    """Sibling modules each module of `package` imports at run time."""
    modules = {f.stem for f in package.glob("*.py")}
    dotted = f"sweettooth.games.{package.name}"
    graph: dict[str, set[str]] = {}
    for name in modules:
        targets: set[str] = set()
        for node in _imports(ast.parse((package / f"{name}.py").read_text())):
            if isinstance(node, ast.Import):
                heads = [a.name for a in node.names]
            elif node.level == 1:
                base = node.module or ""
                heads = [base] if base else [a.name for a in node.names]
            elif node.level == 0 and node.module == dotted:
                heads = [a.name for a in node.names]
            elif node.level == 0 and node.module:
                heads = [node.module.removeprefix(dotted + ".")] if node.module.startswith(
                    dotted + ".") else []
            else:
                heads = []
            for head in heads:
                head = head.removeprefix(dotted + ".").split(".")[0]
                if head in modules and head != name:
                    targets.add(head)
        graph[name] = targets
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One circle of `graph` as a path that ends where it starts, or None."""
    colour: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        colour[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if colour.get(nxt) == 1:
                return [*path[path.index(nxt):], nxt]
            if nxt not in colour and (found := visit(nxt)) is not None:
                return found
        path.pop()
        colour[node] = 2
        return None

    for start in sorted(graph):
        if start not in colour and (found := visit(start)) is not None:
            return found
    return None


def test_every_game_package_is_found() -> None:
    assert {p.name for p in PACKAGES} >= {
        "bittersweet", "bonbons", "lechocolat", "sweetnose", "sweetshop"}


def test_no_import_circle_inside_a_game_package() -> None:
    circles = {p.name: c for p in PACKAGES if (c := find_cycle(import_graph(p)))}
    assert not circles, "import circles: " + "; ".join(
        f"{pkg}: {' -> '.join(c)}" for pkg, c in circles.items())


def test_the_reader_sees_imports_inside_functions_and_skips_type_checking(tmp_path: Path) -> None:
    pkg = tmp_path / "toy"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from . import b\n")
    (pkg / "b.py").write_text("def f():\n    from .c import x\n")
    (pkg / "c.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import y\n")
    graph = import_graph(pkg)
    assert graph == {"__init__": set(), "a": {"b"}, "b": {"c"}, "c": set()}
    assert find_cycle(graph) is None
    (pkg / "c.py").write_text("def g():\n    from .a import y\n")
    assert find_cycle(import_graph(pkg)) == ["a", "b", "c", "a"]
