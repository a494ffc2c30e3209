"""Layer 2: one package per game. Importing this package registers every game in it.

A game package registers itself in one line of its `__init__.py`: `register(MyGame())`.
"""

from __future__ import annotations

import importlib
import pkgutil

for _info in pkgutil.iter_modules(__path__):
    if _info.ispkg:
        importlib.import_module(f"{__name__}.{_info.name}")
