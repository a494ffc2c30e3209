"""Load a file of examples/rl as a module (the examples are scripts, not a package)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "rl"


def load_example(name: str) -> ModuleType:
    """examples/rl/`name`.py, loaded fresh as the module `sweettooth_example_<name>`."""
    spec = importlib.util.spec_from_file_location(f"sweettooth_example_{name}",
                                                  EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
